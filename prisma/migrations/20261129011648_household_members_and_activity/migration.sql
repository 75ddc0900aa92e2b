-- AlterTable
ALTER TABLE "care_plans" ADD COLUMN     "members_reminded" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "household_invites" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "all_cats" BOOLEAN NOT NULL DEFAULT false,
    "cat_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "access_days" INTEGER,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "accepted_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "household_invites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "household_members" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "member_id" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "all_cats" BOOLEAN NOT NULL DEFAULT false,
    "cat_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "access_ends_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "household_members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "care_activity" (
    "id" SERIAL NOT NULL,
    "cat_id" INTEGER NOT NULL,
    "author_id" INTEGER,
    "author_email" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "care_activity_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "household_invites_token_hash_key" ON "household_invites"("token_hash");

-- CreateIndex
CREATE INDEX "household_invites_owner_id_idx" ON "household_invites"("owner_id");

-- CreateIndex
CREATE INDEX "household_members_member_id_idx" ON "household_members"("member_id");

-- CreateIndex
CREATE UNIQUE INDEX "household_members_owner_id_member_id_key" ON "household_members"("owner_id", "member_id");

-- CreateIndex
CREATE INDEX "care_activity_cat_id_at_idx" ON "care_activity"("cat_id", "at");

-- CreateIndex
CREATE INDEX "care_activity_author_id_idx" ON "care_activity"("author_id");

-- AddForeignKey
ALTER TABLE "household_invites" ADD CONSTRAINT "household_invites_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "care_activity" ADD CONSTRAINT "care_activity_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "care_activity" ADD CONSTRAINT "care_activity_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
