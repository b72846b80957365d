"""The dispatch: the registries of strategies and the question functions over every variant."""
