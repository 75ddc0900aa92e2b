-- CreateTable
CREATE TABLE "reminder_deliveries" (
    "reminder_key" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "sent_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reminder_deliveries_pkey" PRIMARY KEY ("reminder_key","recipient")
);

-- CreateIndex
CREATE INDEX "reminder_deliveries_sent_at_idx" ON "reminder_deliveries"("sent_at");
