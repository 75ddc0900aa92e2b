-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "card_fingerprint" TEXT;

-- CreateIndex
CREATE INDEX "payments_card_fingerprint_idx" ON "payments"("card_fingerprint");
