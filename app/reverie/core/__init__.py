"""Qt-free engine: workspace, chunking, index, search, ledger, dreaming.

Nothing in this package may import PySide6; the CLI, the GUI and the tests all share it.
"""
