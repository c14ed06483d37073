"""Package layout: the code lives in ``app/``, the shipped files in the top-level ``resources/``.

Everything else is in ``pyproject.toml``; this file only maps ``resources/`` into the package
as ``reverie.resources`` (a mapping ``pyproject.toml``'s package discovery cannot express).
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages("app"), "reverie.resources"],
    package_dir={"": "app", "reverie.resources": "resources"},
)
