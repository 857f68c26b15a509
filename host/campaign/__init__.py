"""My Island campaigns (issue 9): the service (``service.py``; its parts ``models``, ``core``,
``episodes`` and ``islands``) and its status image (``render.sheets.campaign``)."""

from host.campaign.service import CampaignInfo, CampaignPlayer, CampaignService, EpisodeInfo, EpisodeStart

__all__ = ["CampaignService", "CampaignInfo", "CampaignPlayer", "EpisodeInfo", "EpisodeStart"]
