-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "welcomed_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "checkouts" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "open_for_user_id" INTEGER,
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "provider_customer_id" TEXT,
    "payment_method_id" TEXT,
    "completed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "checkouts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "checkouts_key_key" ON "checkouts"("key");

-- CreateIndex
CREATE UNIQUE INDEX "checkouts_open_for_user_id_key" ON "checkouts"("open_for_user_id");

-- CreateIndex
CREATE INDEX "checkouts_user_id_idx" ON "checkouts"("user_id");

-- AddForeignKey
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Checkouts made before this table existed: one row per checkout key already used, completed when it
-- made a subscription (none of them is the owner's open checkout), so a retry with that key still finds what it did.
INSERT INTO "checkouts" ("user_id", "key", "open_for_user_id", "provider_customer_id", "payment_method_id", "completed_at", "created_at", "updated_at")
SELECT p."user_id", p."checkout_key", NULL, p."provider_customer_id", p."payment_method_id", s."created_at", p."created_at", CURRENT_TIMESTAMP
FROM "payments" p LEFT JOIN "subscriptions" s ON s."checkout_key" = p."checkout_key"
WHERE p."checkout_key" IS NOT NULL
ON CONFLICT DO NOTHING;

-- Subscriptions that exist already have been welcomed.
UPDATE "subscriptions" SET "welcomed_at" = "created_at";
