print("sdui")
