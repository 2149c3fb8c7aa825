-- Issue 13 item 6: refresh tokens from before sessions existed have no session, so their access
-- tokens could not be revoked; they are removed (those users sign in again).
delete from refresh_tokens where session_id is null;
--> statement-breakpoint
-- The signing secret no longer lives in the database (DATA_DIR/jwt-secret or JWT_SECRET).
delete from settings where group_id = 'system' and key = 'jwt_secret';
