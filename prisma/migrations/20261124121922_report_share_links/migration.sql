-- CreateTable
CREATE TABLE "report_share_links" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "cat_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "report_share_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "report_share_links_token_hash_key" ON "report_share_links"("token_hash");

-- CreateIndex
CREATE INDEX "report_share_links_user_id_idx" ON "report_share_links"("user_id");

-- AddForeignKey
ALTER TABLE "report_share_links" ADD CONSTRAINT "report_share_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_share_links" ADD CONSTRAINT "report_share_links_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE CASCADE ON UPDATE CASCADE;
