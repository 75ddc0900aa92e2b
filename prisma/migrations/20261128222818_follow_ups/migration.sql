-- AlterTable
ALTER TABLE "cats" ADD COLUMN     "follow_ups_on" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "conversation_messages" ADD COLUMN     "sign" TEXT;

-- CreateTable
CREATE TABLE "follow_ups" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "cat_id" INTEGER NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "message_id" INTEGER NOT NULL,
    "urgency" TEXT NOT NULL,
    "sign" TEXT,
    "due_at" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "seen_vet" TEXT,
    "finding" TEXT,
    "reason" TEXT,
    "sent_at" TIMESTAMP(3),
    "answered_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "follow_ups_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "follow_ups_status_due_at_idx" ON "follow_ups"("status", "due_at");

-- CreateIndex
CREATE INDEX "follow_ups_sent_at_idx" ON "follow_ups"("sent_at");

-- CreateIndex
CREATE INDEX "follow_ups_answered_at_idx" ON "follow_ups"("answered_at");

-- CreateIndex
CREATE INDEX "follow_ups_conversation_id_status_idx" ON "follow_ups"("conversation_id", "status");

-- CreateIndex
CREATE INDEX "follow_ups_cat_id_answered_at_idx" ON "follow_ups"("cat_id", "answered_at");

-- CreateIndex
CREATE INDEX "follow_ups_user_id_idx" ON "follow_ups"("user_id");

-- CreateIndex
CREATE INDEX "follow_ups_message_id_idx" ON "follow_ups"("message_id");

-- CreateIndex
CREATE INDEX "conversation_messages_urgency_created_at_idx" ON "conversation_messages"("urgency", "created_at");

-- AddForeignKey
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "conversation_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
