"""Issue 12, done when: three players scored through all three cycles (pp. 27-29), mixing
quick counts, sheet files and forum files in which a player has no envoys.

Since issue 14 a sheet or forum file given in the walkthrough becomes the recorded board:
from then on that player (or the forum) is looked over in the board editor and scored from
the board, so Ann's later cycles and the later forums are board reviews here.

Every expected number is worked out by hand below from the rules: crane points 3/2/1 per
structure of the crane's colour after cycle I/II/III (p. 27); colonia rows are the different
gray types x 1, 2 or 3 for 0, 1 or 2 active citizens (p. 27); eagles 2 on, 1 beside, with
Patrician I 1 diagonal (p. 25); the largest group's points and the Trajan value are read on
the slide bar (typed); each Trajan task fulfilled scores the value (p. 28).

Temples at B2, D3, E4, C5 in every colonia (helpers/walkthrough.py, TEMPLES).
"""

import pytest

from trajan_cli.core.game import Category, Game
from trajan_cli.core.vocabulary import Cycle

from helpers.walkthrough import play_through, sheet_text

# Cycle I, Ann from a sheet: Merchant I (row 3) paid with 1 of her 2 coins, 1 left, and a
# tribune; green crane uncovered at A1 with green structures A2 and B3: 2 x 3 = 6. Row 3 holds
# a library and a column: 2 types x 2 = 4. Card I-1: B3 between the library and the column
# (building 1), tribune + coin (collecting 1): 2 x value 3 = 6.
ANN_I = sheet_text("Ann", {3: ["active"]}, coins=2, tribunes=1,
                   A1="Kg", A2="g", A3="lib", B3="g", C3="col")
# Cycle II, as first given (Ann's board looked over): the green crane still colour side up
# at A1, though scored in cycle I. Refused (p. 27: a scored crane stays colourless).
ANN_II_WRONG = sheet_text("Ann", {3: ["active"], 4: ["active"]}, coins=3, assistants=1,
                          A1="Kg", F1="Kb", A2="g", D2="b", E2="b", A3="lib", B3="g", C3="col",
                          A4="mkt", B4="bas")
# Cycle II, corrected: A1 colourless (K). Merchant I and II paid (2 of 3 coins, 1 left: the
# coins pay every row, the suggestion she takes; paying is asked all the same, p. 27). Blue
# crane at F1, blue structures D2, E2: 2 x 2 = 4. Rows 3 (lib, col) and 4 (mkt, bas), each
# 2 types x 2 = 8. Card II-1: the square A3 B3 A4 B4 (building 1); 1 assistant + 2 coins
# with 1 coin left (collecting 0): 1 x value 5 = 5.
ANN_II = ANN_II_WRONG.replace("Kg ", "K  ", 1)
# Cycle III, Bob from a sheet (its name in lower case: names match whatever the case): the
# blue crane scored in cycle I lies colourless at A1; green crane at F1 with green structures
# C1, F5: 2 x 1 = 2. Patrician I (inactive since cycle II) and a new Craftsman I, both paid
# with his 2 coins. Rows: 1 column x 2 (paid) + library x 1 + library x 1 + market x 1 = 5.
# Card III-1: F2 y, F3 lib, F4 mkt, F5 g (building 1); no active merchant (collecting 0):
# 1 x value 5 = 5.
# Cycle III, Ann's board looked over: a new Patrician I (row 1), a market in row 1 (C1), the
# yellow crane uncovered at A6 with one yellow structure at E6. Rows 1, 3, 4 paid with her 3
# coins. Yellow crane: 1 x 1 = 1. Rows: 1 type x 2 + 2 x 2 + 2 x 2 = 10.
# Card III-1: A2 g, A3 lib, A4 mkt, A5 covered (building 0); no active craftsman (collecting 0).
ANN_III = sheet_text("Ann", {1: ["active"], 3: ["active"], 4: ["active"]}, coins=3, assistants=1,
                     A1="K", C1="mkt", F1="K", A2="g", D2="b", E2="b", A3="lib", B3="g", C3="col",
                     A4="mkt", B4="bas", A6="Ky", E6="y")
BOB_III = sheet_text("bob", {1: ["inactive"], 5: ["active"]}, coins=2,
                     A1="K", B1="col", C1="g", F1="Kg", A2="lib", F2="y", F3="lib", F4="mkt", F5="g")

# Cycle I forum: Cleo has no envoys and no mark. Ann: A1, B1, B2; B1 beside the eagle C1
# (1; B2 only diagonal, no Patrician I): 1 point; group of 3. Bob, Patrician I paid: D1 beside
# C1 (1), D2 diagonal (1): 2 points; group D1 E1 D2 of 3.
FORUM_I = '''players = { An = "Ann", Bo = "Bob" }
grid = """
y:An y:An E    b:Bo b:Bo
g    g:An b    b:Bo -
"""
'''
# Cycle II forum, the recorded one looked over: Ann's envoy on the eagle C1 (third library
# benefit). Ann: C1 on (2) + B1 beside (1) = 3, group A1 B1 B2 C1 of 4. Bob, Patrician I
# unpaid: D1 beside C1 (1), D2's diagonal no longer counts; group D1 E1 D2 of 3.
FORUM_II = FORUM_I.replace("y:An E    b:Bo", "y:An E:An b:Bo")
# Cycle III forum, every player named: Cleo's envoy at A2 (group of 1, no eagle). Ann now has
# Patrician I: C1 on (2) + B1 beside (1) + B2 diagonal (1) = 4. Bob (Patrician I paid again)
# D1 beside + D2 diagonal = 2, as in cycle I.
FORUM_III = FORUM_II.replace('Bo = "Bob" }', 'Bo = "Bob", Cl = "Cleo" }').replace("g    g:An", "g:Cl g:An")


@pytest.fixture
def files(tmp_path):
    written = {}
    for name, text in dict(ann_i=ANN_I, ann_ii_wrong=ANN_II_WRONG, ann_ii=ANN_II, bob_iii=BOB_III,
                           forum_i=FORUM_I, forum_iii=FORUM_III).items():
        path = tmp_path / f"{name}.toml"
        path.write_text(text)
        written[name] = str(path)
    return written


def answers(f):
    cycle_i = [
        # Pay: Ann from her sheet (marker 5); Bob quick (marker 3, Patrician I, 1 coin, paid);
        # Cleo quick (marker 0, no citizens, no coins: no rows to pay).
        "file", 5, f["ann_i"], [3],
        "quick", 3, [1, 0, 0, 0, 0, 0], 1, [1],
        "quick", 0, [0] * 6, 0,
        # Cranes: Bob's blue crane, 2 blue structures: 2 x 3 = 6. Cleo none.
        ["blue"], 2, [],
        # Colonia: Bob 1 type in row 1 x 2 (paid) = 2; Cleo nothing.
        [1, 0, 0, 0, 0, 0], [0] * 6,
        # Forum from the file: the slide bar under 3 shows 3 for Ann and 4 for Bob.
        "file", f["forum_i"], 3, 4,
        # Card I-1: Ann's value 3. Bob and Cleo: building 0; their collecting task (tribune +
        # coin) is worked out, as they kept no coin.
        3, 0, 0,
    ]
    cycle_ii = [
        # Ann's board, recorded from her sheet: looked over (refused, then right); marker 30.
        {"text": ANN_II_WRONG}, {"text": ANN_II}, 30, [3, 4],
        # Bob: marker 20 (3 of play); his Patrician I unpaid, no coins: inactive.
        "quick", 20, [1, 0, 0, 0, 0, 0], 0, [],
        # Cleo: marker 4; Craftsman I paid with her only coin.
        "quick", 4, [0, 0, 0, 0, 1, 0], 1, [5],
        # Cranes: Bob none (blue is not offered again); Cleo yellow, 3 structures: 3 x 2 = 6.
        [], ["yellow"], 3,
        # Colonia: Bob rows 1 and 2 one type each, no active citizen: 2; Cleo row 5 x 2 = 2.
        [1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0],
        # The recorded forum, looked over: the slide bar under 4 shows 5 for Ann, under 3
        # shows 2 for Bob; Cleo has no envoys.
        {"text": FORUM_II}, 5, 2,
        # Card II-1: Ann's value 5; Bob builds a square (1) at value 3; Cleo nothing.
        5, 1, 3, 0,
    ]
    cycle_iii = [
        # Ann's board looked over: marker 58 (3 of play); her 3 coins pay rows 1, 3, 4.
        {"text": ANN_III}, 58, [1, 3, 4],
        "file", 34, f["bob_iii"], [1, 5],  # Bob: 6 of play (28 after cycle II)
        "quick", 15, [0, 0, 0, 0, 1, 0], 0, [],  # Cleo: 3 of play, cannot pay
        # Cranes: Ann's from her board; Cleo green, 2 structures: 2.
        ["green"], 2,
        # Colonia: Ann's from her board; Cleo row 5 inactive: 1.
        [0, 0, 0, 0, 1, 0],
        # The recorded forum looked over: slide bar values 4 (Ann, 4 envoys), 6 (Bob, 3),
        # 1 (Cleo, 1).
        {"text": FORUM_III}, 4, 6, 1,
        # Card III-1: Ann's board fulfils nothing: nothing asked; Bob's value 5; Cleo builds
        # nothing (no active citizen at all).
        5, 0,
    ]
    return cycle_i + cycle_ii + cycle_iii


def test_three_players_three_cycles_quick_counts_sheets_and_forum_files_p27_p29(files):
    game = Game("table", ("Ann", "Bob", "Cleo"), "Ann",
                cards={Cycle.I: "I-1", Cycle.II: "II-1", Cycle.III: "III-1"})
    result, shown = play_through(game, answers(files))
    assert result.state.finished
    # A step that scores nothing may leave its category out: read it as 0.
    table = {player: {cycle: {c: cells.get(c, 0) for c in Category} for cycle, cells in cycles.items()}
             for player, cycles in result.state.breakdown().items()}
    P, CR, CO, EA, AR, TR = (Category.PLAY, Category.CRANES, Category.COLONIA, Category.EAGLES,
                             Category.AREA, Category.TRAJAN)
    assert table["Ann"] == {
        Cycle.I: {P: 5, CR: 6, CO: 4, EA: 1, AR: 3, TR: 6},     # 25
        Cycle.II: {P: 5, CR: 4, CO: 8, EA: 3, AR: 5, TR: 5},    # 30
        Cycle.III: {P: 3, CR: 1, CO: 10, EA: 4, AR: 4, TR: 0},  # 22
    }
    assert table["Bob"] == {
        Cycle.I: {P: 3, CR: 6, CO: 2, EA: 2, AR: 4, TR: 0},     # 17
        Cycle.II: {P: 3, CR: 0, CO: 2, EA: 1, AR: 2, TR: 3},    # 11
        Cycle.III: {P: 6, CR: 2, CO: 5, EA: 2, AR: 6, TR: 5},   # 26
    }
    assert table["Cleo"] == {
        Cycle.I: {P: 0, CR: 0, CO: 0, EA: 0, AR: 0, TR: 0},
        Cycle.II: {P: 4, CR: 6, CO: 2, EA: 0, AR: 0, TR: 0},    # 12
        Cycle.III: {P: 3, CR: 2, CO: 1, EA: 0, AR: 1, TR: 0},   # 7
    }
    assert result.state.totals() == {"Ann": 77, "Bob": 54, "Cleo": 19}
    assert result.state.ranking.winners == ("Ann",)
    # The sheet that still showed the scored green crane in colour was refused, once.
    refused = [line for line in shown if line.startswith("Not accepted")]
    assert len(refused) == 1, refused
    assert "A1: was K, now Kg" in refused[0] and "(p. 27)" in refused[0]
    # Cleo had no mark in the first forum file: nobody asked which one, nobody got hers.
    assert not any("Which mark" in line for line in shown)
    assert any("Cleo: every mark in the forum file is another player's" in line for line in shown)
