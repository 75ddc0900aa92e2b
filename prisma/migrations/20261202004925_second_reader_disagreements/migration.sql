-- CreateTable
CREATE TABLE "triage_disagreements" (
    "id" SERIAL NOT NULL,
    "question_id" INTEGER NOT NULL,
    "product_level" TEXT NOT NULL,
    "product_sign" TEXT,
    "model_level" TEXT NOT NULL,
    "model_sign" TEXT NOT NULL,
    "evidence" TEXT NOT NULL,
    "about_this_cat_now" BOOLEAN NOT NULL,
    "reply_level" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "triage_disagreements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "triage_disagreements_question_id_key" ON "triage_disagreements"("question_id");

-- CreateIndex
CREATE INDEX "triage_disagreements_created_at_idx" ON "triage_disagreements"("created_at");

-- AddForeignKey
ALTER TABLE "triage_disagreements" ADD CONSTRAINT "triage_disagreements_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "conversation_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
