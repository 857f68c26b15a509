"""Community tournaments and ratings (issue 11), built on the host; no Discord types.

Pure (no I/O):
- ``pairing``: table sizes, byes, Swiss / round robin / knock-out pairings
- ``standings``: match points and the declared tie-breaks
- ``ratings``: OpenSkill Plackett-Luce ratings
- ``formats``: a tournament's config and its next round from the results so far

On the host and the store:
- ``service``: ``TournamentService`` (sign-up, rounds of host games, results, ratings, profiles),
  composed of ``core`` (reading, notices), ``results`` (results, ratings, profiles), ``rounds``
  (advancing rounds) and ``organiser`` (drops, reports, cancelling)
- ``models``: the plain values it hands to front ends (``TournamentInfo``, ``TableInfo``, ``Notice``...)
- ``render``: standings as text and as a PNG table
- ``cli``: ``python bot.py tournament GAME ...``, a whole AI tournament in the terminal
"""
