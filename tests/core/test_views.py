"""Per-role views: what every role at the table sees of a Director call."""

from __future__ import annotations

from bridgetable.core.views import DIRECTOR, SPECTATOR

from support import E, N, S, W, at_clarification, c

ROLES = (N, E, S, W, DIRECTOR, SPECTATOR)


def test_a_director_call_is_seen_by_the_whole_table_until_the_director_acts() -> None:
    # Law 9B: a player summons the Director aloud and states the facts at the table; every
    # role sees who called and why while the call awaits the Director
    b = at_clarification()
    b.play(W, c("C8"))  # West's opening lead, face down
    assert all(b.view_for(r).director_call is None for r in ROLES)
    b.call_director(E, "was it West's lead?")
    want = {"caller": "E", "reason": "was it West's lead?", "claim": False}
    for role in ROLES:
        v = b.view_for(role)
        assert v.director_call == want
        assert v.to_dict()["director_call"] == want
    # the Director acts (an event with no seat): the call is answered
    b.director_return_lead("47E")
    assert all(b.view_for(r).director_call is None for r in ROLES)
