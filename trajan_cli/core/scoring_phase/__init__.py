"""The scoring phases (p. 27): the engine that keeps where a game stands in them
(:mod:`.engine`), the questions and scored lines (:mod:`.questions`), and Forum Trajanum's
steps in the rulebook's order: pay citizens, construction cranes, colonia, forum, Trajan
card, then the final ranking (:mod:`.forum_trajanum` lays them out)."""
