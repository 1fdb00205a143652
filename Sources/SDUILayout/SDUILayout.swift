// SDUILayout — see docs/architecture.md
