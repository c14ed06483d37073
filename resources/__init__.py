"""Files the app ships: the demo workspace, translations and icons (data, no code)."""
