"""The offline table: play any game in the terminal through the host, no Discord needed."""
