-- AlterTable
ALTER TABLE "conversation_messages" ADD COLUMN     "reply_to_id" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "conversation_messages_reply_to_id_key" ON "conversation_messages"("reply_to_id");

-- Rows stored twice under one client id before this migration (the defect it fixes) keep their text;
-- every copy after the first gets its id suffixed so the unique index can be built.
UPDATE "conversation_messages" AS m
SET "client_id" = m."client_id" || '#dup-' || m."id"
WHERE m."client_id" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "conversation_messages" AS o
    WHERE o."conversation_id" = m."conversation_id" AND o."client_id" = m."client_id" AND o."id" < m."id"
  );

-- CreateIndex
CREATE UNIQUE INDEX "conversation_messages_conversation_id_client_id_key" ON "conversation_messages"("conversation_id", "client_id");
