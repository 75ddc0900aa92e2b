-- CreateIndex
CREATE INDEX "chat_attachments_conversation_id_created_at_idx" ON "chat_attachments"("conversation_id", "created_at");
