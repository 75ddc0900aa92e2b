-- AlterTable
ALTER TABLE "conversation_messages" ADD COLUMN     "urgency" TEXT;

-- Replies the server stored before this migration answer an owner's message (reply_to_id): they are the
-- specialist's own. Rows a client wrote keep a null urgency.
UPDATE "conversation_messages" SET "urgency" = 'routine' WHERE "role" = 'assistant' AND "reply_to_id" IS NOT NULL;
