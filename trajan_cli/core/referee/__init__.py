"""The rules referee: judges a proposed build (``build``, ``payment``) or envoy (``envoy``).

Pure functions over the models; every broken rule comes back as a
:class:`~trajan_cli.core.referee.verdict.Violation` naming its rulebook page.
"""
