// SDUIRuntime — see docs/architecture.md
