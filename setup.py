"""The packages of the distribution, found rather than listed (the rest is in pyproject.toml).

``find_packages`` finds every package under ``oracle/``; ``oracle.variant_files`` is the folder
``variants/`` (``[tool.setuptools.package-dir]`` in pyproject.toml), which it cannot find there.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["oracle", "oracle.*"]), "oracle.variant_files"])
