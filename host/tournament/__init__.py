"""Community tournaments and ratings (issue 11), built on the host; no Discord types.

- ``pairing``: tables, byes, Swiss / round robin / knock-out pairings (pure)
- ``standings``: match points and declared tie-breaks (pure)
- ``ratings``: OpenSkill Plackett–Luce ratings (pure)
- ``formats``: a tournament's config and its next round from the results so far (pure)
"""
