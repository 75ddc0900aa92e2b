-- CreateTable
CREATE TABLE "cat_documents" (
    "id" SERIAL NOT NULL,
    "cat_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'other',
    "mimetype" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cat_documents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "cat_documents_cat_id_id_idx" ON "cat_documents"("cat_id", "id");

-- AddForeignKey
ALTER TABLE "cat_documents" ADD CONSTRAINT "cat_documents_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE CASCADE ON UPDATE CASCADE;
