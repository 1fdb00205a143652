// SDUIEnvironment — see docs/architecture.md
