"""Text analysis shared by the index and search: tokenising, stemming, stop words."""
