"""The games.  Each registers itself by dotted path; no game imports another."""

from trapoula.core.registry import register

register("bourloto", "trapoula.games.bourloto.game:Bourloto")
register("bourre", "trapoula.games.bourre.game:Bourre")
register("burraco", "trapoula.games.burraco.game:Burraco")
