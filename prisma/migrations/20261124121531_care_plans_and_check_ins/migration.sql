-- AlterTable
ALTER TABLE "users" ADD COLUMN     "time_zone" TEXT;

-- CreateTable
CREATE TABLE "care_plans" (
    "id" SERIAL NOT NULL,
    "cat_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "check_in_period" TEXT NOT NULL,
    "training_days" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "reminder_time" TEXT NOT NULL DEFAULT '09:00',
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "timezone_chosen" BOOLEAN NOT NULL DEFAULT false,
    "email_on" BOOLEAN NOT NULL DEFAULT true,
    "push_on" BOOLEAN NOT NULL DEFAULT false,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "next_check_in_at" TIMESTAMP(3),
    "unsubscribe_token" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "care_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "check_ins" (
    "id" SERIAL NOT NULL,
    "cat_id" INTEGER NOT NULL,
    "due_at" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'due',
    "weigh_in" BOOLEAN NOT NULL DEFAULT false,
    "sent_at" TIMESTAMP(3),
    "answered_at" TIMESTAMP(3),
    "weight" DOUBLE PRECISION,
    "unit" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "check_ins_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "care_plans_cat_id_key" ON "care_plans"("cat_id");

-- CreateIndex
CREATE UNIQUE INDEX "care_plans_unsubscribe_token_key" ON "care_plans"("unsubscribe_token");

-- CreateIndex
CREATE INDEX "care_plans_next_check_in_at_idx" ON "care_plans"("next_check_in_at");

-- CreateIndex
CREATE INDEX "care_plans_user_id_idx" ON "care_plans"("user_id");

-- CreateIndex
CREATE INDEX "check_ins_status_due_at_idx" ON "check_ins"("status", "due_at");

-- CreateIndex
CREATE UNIQUE INDEX "check_ins_cat_id_due_at_key" ON "check_ins"("cat_id", "due_at");

-- AddForeignKey
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE CASCADE ON UPDATE CASCADE;
