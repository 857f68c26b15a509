"""My Island campaigns (issue 9): the service (``service.py``) and its status image (``render.py``)."""

from host.campaign.service import CampaignInfo, CampaignPlayer, CampaignService, EpisodeInfo, EpisodeStart

__all__ = ["CampaignService", "CampaignInfo", "CampaignPlayer", "EpisodeInfo", "EpisodeStart"]
