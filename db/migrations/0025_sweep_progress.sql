-- Issue 32: the membership sweep is paced (a few lookups a second, not all at once), so one sweep
-- runs for minutes. How far it got (the last guild and user checked, 'g:u'; 'done' once through)
-- is kept beside its start, so a restart goes on from there; a new run of the job clears it.
ALTER TABLE housekeeping ADD COLUMN progress TEXT;
