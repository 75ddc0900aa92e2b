-- AlterTable
ALTER TABLE "conversation_messages" ADD COLUMN     "cat_id" INTEGER;

-- CreateIndex
CREATE INDEX "conversation_messages_cat_id_idx" ON "conversation_messages"("cat_id");

-- AddForeignKey
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE SET NULL ON UPDATE CASCADE;
