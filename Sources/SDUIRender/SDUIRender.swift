// SDUIRender — see docs/architecture.md
