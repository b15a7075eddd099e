"""LOGIC: a box-pushing puzzle with undo, redo and a save slot."""
