// SDUISchema — see docs/architecture.md
