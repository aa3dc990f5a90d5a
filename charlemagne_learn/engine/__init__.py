"""The rules engine: cards, rule systems, contracts, tricks, scoring, the hand's phases and the game, with the words
and sentences it says them in and the static pictures of its objects.

The bottom layer of the package. It needs only the standard library and imports nothing outside this folder
(``tests/test_layers.py`` checks it): the analysis and the course build on it, the lessons' helpers on those, and
the widgets on everything below them. The package's root (``import charlemagne_learn as cl``) gathers the names a
lesson uses.
"""
