"""The renderers, a module per game or rule family; :mod:`palmares.explain.registry` imports
every module here on first need, so adding a module is all it takes to register its renderers."""
