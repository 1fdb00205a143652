#if canImport(SwiftUI)
// Apple platforms only; compiled against Apple's SDK by Scripts/ios-build (see SDUIScreenView.swift).
import SwiftUI
#if canImport(UIKit)
import UIKit
#endif
import SDUIEnvironment
import SDUISchema
import SDUIDisplay
import SDUILayout

/// One node's own drawing at its frame's size (its children are views of their own, `SDUINodeTree`): fill and
/// corners, the chain's boxes under the content, text lines at the engine's positions (with their strikethrough or
/// underline), an image in `AsyncImage`'s phases (empty: skeleton, success: the picture, failure: a symbol), an SF Symbol
/// in its box, an input's SwiftUI control bound to its state variable. The chain's boxes over the content are
/// `SDUINodeOverlay`, drawn over the children.
struct SDUINodeContent: View {
    let item: DisplayItem
    let registry: SDUIViewRegistry
    /// What the node's control shows (nil: not an input).
    let input: DisplayInput?
    /// The user changed the node's control to a value.
    let onInput: @MainActor (DisplayItem, StateValue) -> Void
    /// The return key of a text field.
    let onSubmit: @MainActor (DisplayItem) -> Void

    var body: some View {
        SwiftUI.ZStack(alignment: .topLeading) {
            switch registry.factories.resolve(item) {
            case .registered(let view):
                view
            case .builtIn, .placeholder:
                SDUINodeContent.boxes(item.appearance.decorations.under)
                if let fill = item.appearance.fill {
                    RoundedRectangle(cornerRadius: item.appearance.cornerRadius).fill(Self.color(fill))
                }
                if let image = item.image { imageView(image) }
                if let symbol = item.symbol { symbolView(symbol) }
                // A text field and a segmented control draw their own text.
                if let text = item.text, item.type != .textField, item.control?.drawsOwnText != true { lines(text) }
                if let input { control(input) }
            }
        }
        .frame(width: item.frame.width, height: item.frame.height, alignment: .topLeading)
    }

    /// Whether the node's view is one the app registered (its accessibility is the app's).
    static func isRegistered(_ item: DisplayItem, in registry: SDUIViewRegistry) -> Bool {
        if case .registered = registry.factories.resolve(item) { return true }
        return false
    }

    /// The input's control at the layout's place for it (`DisplayItem.controlBox`): a switch (51 × 31) or stepper (94 × 32) at the trailing edge
    /// beside the label the text lines draw, a text field or picker over the whole frame (SDUINodeView+Controls.swift
    /// draws the same in UIKit). The controls' own labels are hidden: the engine laid the label out.
    @ViewBuilder private func control(_ input: DisplayInput) -> some View {
        let w = item.frame.width, h = item.frame.height
        switch input {
        case .toggle(let isOn):
            // `controlBox`: the trailing edge, in the frame's coordinates as the text lines are drawn in.
            let box = item.controlBox ?? Rect(x: w - 51, y: (h - 31) / 2, width: 51, height: 31)
            SwiftUI.Toggle("", isOn: Binding(get: { isOn }, set: { onInput(item, .bool($0)) }))
                .labelsHidden()
                .frame(width: box.width, height: box.height)
                .offset(x: box.x, y: box.y)
        case .textField(let text, let placeholder, let keyboard, let isSecure):
            let binding = Binding(get: { text }, set: { onInput(item, .string($0)) })
            fieldView(isSecure ? AnyView(SecureField(placeholder, text: binding)) : AnyView(TextField(placeholder, text: binding)),
                      keyboard: keyboard)
                .onSubmit { onSubmit(item) }
                .frame(width: w, height: h)
        case .stepper(let value, let range, let step):
            let stepperBox = item.controlBox ?? Rect(x: w - 94, y: (h - 32) / 2, width: 94, height: 32)
            SwiftUI.Stepper("", value: Binding(get: { value }, set: { onInput(item, StateValue($0)) }), in: range, step: step)
                .labelsHidden()
                .frame(width: stepperBox.width, height: stepperBox.height)
                .offset(x: stepperBox.x, y: stepperBox.y)
        case .picker(let options, let selected, let segmented):
            let picker = SwiftUI.Picker("", selection: Binding(get: { selected ?? -1 }, set: { i in
                if options.indices.contains(i) { onInput(item, options[i].value) }
            })) {
                ForEach(Array(options.enumerated()), id: \.offset) { i, option in SwiftUI.Text(option.label).tag(i) }
            }
            .labelsHidden()
            if segmented {
                picker.pickerStyle(.segmented).frame(width: w, height: h)
            } else {
                picker.pickerStyle(.menu).frame(width: w, height: h, alignment: .trailing)
            }
        }
    }

    /// A text field in the rounded style, with its keyboard where the platform has one.
    @ViewBuilder private func fieldView(_ field: AnyView, keyboard: KeyboardType) -> some View {
        #if canImport(UIKit)
        field.textFieldStyle(.roundedBorder).keyboardType(SDUINodeContent.keyboardType(keyboard))
        #else
        field.textFieldStyle(.roundedBorder)
        #endif
    }

    #if canImport(UIKit)
    static func keyboardType(_ keyboard: KeyboardType) -> UIKeyboardType {
        UIKeyboardType(rawValue: keyboard.uikitRawValue) ?? .default
    }
    #endif

    @ViewBuilder private func lines(_ text: DisplayText) -> some View {
        ForEach(Array(text.lines.enumerated()), id: \.offset) { _, line in
            SwiftUI.Text(line.text)
                .strikethrough(text.decorations.contains(.strikethrough))
                .underline(text.decorations.contains(.underline))
                .font(.custom(Self.interName(text.face.weight), fixedSize: text.face.size))
                .foregroundStyle(Self.color(item.appearance.foreground ?? SDUISchema.Color.system["primary"]!))
                .fixedSize()
                .frame(width: line.width + 1, height: text.face.lineHeight, alignment: .leading)
                .offset(x: line.left, y: line.top)
        }
    }

    /// The corner radius a node and its children are clipped to: the chain's clip, else the shorthand `cornerRadius` when
    /// the node clips; nil when it does not clip.
    static func clipRadius(_ item: DisplayItem) -> Double? {
        let whole = Rect(x: 0, y: 0, width: item.frame.width, height: item.frame.height)
        if let clip = item.appearance.decorations.clip ?? item.appearance.decorations.contentClip { return clip.cornerRadius(in: whole) }
        return item.appearance.clipsContent ? item.appearance.cornerRadius : nil
    }

    /// The chain's boxes (backgrounds under the content, overlays and borders over it), each at its place in the frame:
    /// its fill and its border along the inside. A box's own shadow is not drawn here (SwiftUI shadows drawn pixels, not
    /// boxes); the clipped frame's shadow is, on the whole node (`frameShadow`).
    static func boxes(_ boxes: [DisplayBox]) -> some View {
        ForEach(Array(boxes.enumerated()), id: \.offset) { _, box in
            SwiftUI.ZStack(alignment: .topLeading) {
                if box.shadow == nil, let fill = box.fill {
                    RoundedRectangle(cornerRadius: box.cornerRadius).fill(Self.color(fill))
                }
                if let stroke = box.stroke {
                    RoundedRectangle(cornerRadius: box.cornerRadius).strokeBorder(Self.color(stroke), lineWidth: box.strokeWidth)
                }
            }
            .frame(width: box.rect.width, height: box.rect.height)
            .offset(x: box.rect.x, y: box.rect.y)
        }
    }

    /// An SF Symbol in its box, tinted with the node's foreground.
    private func symbolView(_ symbol: DisplaySymbol) -> some View {
        SwiftUI.Image(systemName: symbol.name).resizable().aspectRatio(contentMode: .fit)
            .foregroundStyle(Self.color(item.appearance.foreground ?? SDUISchema.Color.system["primary"]!))
            .frame(width: symbol.box.width, height: symbol.box.height)
            .offset(x: symbol.box.x, y: symbol.box.y)
    }

    @ViewBuilder private func imageView(_ request: ImageRequest) -> some View {
        let box = item.contentInsets
        AsyncImage(url: request.loadableURL.flatMap(URL.init(string:))) { phase in
            switch phase {
            case .empty:
                if request.placeholder == .skeleton { Rectangle().fill(SwiftUI.Color.gray.opacity(0.2)) }
            case .success(let image):
                image.resizable().aspectRatio(contentMode: request.contentMode == .fit ? .fit : .fill)
                    .scaleEffect(x: request.isFlipped ? -1 : 1, y: 1)
            case .failure:
                SwiftUI.Image(systemName: "photo").foregroundStyle(SwiftUI.Color.gray)
            @unknown default:
                EmptyView()
            }
        }
        .frame(width: max(0, item.frame.width - box.leading - box.trailing),
               height: max(0, item.frame.height - box.top - box.bottom))
        .clipped()
        .offset(x: box.leading, y: box.top)
    }

    static func interName(_ weight: Int) -> String {
        BundledFonts.postScriptName(weight: weight) ?? "Inter-Regular"
    }

    /// A payload colour; SwiftUI's `colorScheme` picks light or dark where the view is drawn.
    static func color(_ color: SDUISchema.Color) -> SwiftUI.Color {
        SwiftUI.Color(uiColorLight: color.light, dark: color.dark)
    }
}

/// The chain's boxes over a node's content and over its children's views (overlays, borders).
struct SDUINodeOverlay: View {
    let item: DisplayItem
    var body: some View {
        SDUINodeContent.boxes(item.appearance.decorations.over)
            .frame(width: item.frame.width, height: item.frame.height, alignment: .topLeading)
            .allowsHitTesting(false)
    }
}

extension SwiftUI.Color {
    /// A colour with a light and a dark value (resolved by the environment's color scheme).
    init(uiColorLight light: SDUISchema.Color.RGBA, dark: SDUISchema.Color.RGBA) {
        #if canImport(UIKit)
        self.init(uiColor: UIColor { traits in
            let c = traits.userInterfaceStyle == .dark ? dark : light
            return UIColor(red: CGFloat(c.red) / 255, green: CGFloat(c.green) / 255, blue: CGFloat(c.blue) / 255,
                           alpha: CGFloat(c.alpha) / 255)
        })
        #else
        self.init(.sRGB, red: Double(light.red) / 255, green: Double(light.green) / 255, blue: Double(light.blue) / 255,
                  opacity: Double(light.alpha) / 255)
        #endif
    }
}
#endif
