-- AlterTable: who made each share link (the links made before this column were made by the owner)
ALTER TABLE "report_share_links" ADD COLUMN     "created_by_id" INTEGER;
UPDATE "report_share_links" SET "created_by_id" = "user_id";
ALTER TABLE "report_share_links" ALTER COLUMN "created_by_id" SET NOT NULL;

-- CreateIndex
CREATE INDEX "calendar_feeds_cat_id_idx" ON "calendar_feeds"("cat_id");

-- CreateIndex
CREATE INDEX "report_share_links_created_by_id_idx" ON "report_share_links"("created_by_id");

-- AddForeignKey
ALTER TABLE "report_share_links" ADD CONSTRAINT "report_share_links_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
