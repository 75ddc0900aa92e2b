-- Profile photos move off the cats row into their own table (docs/api.md "Photos"): the table first,
-- then every stored photo copied across with its type, name and strip flag, then the old columns go.

-- CreateTable
CREATE TABLE "cat_photos" (
    "cat_id" INTEGER NOT NULL,
    "mimetype" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "stripped" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cat_photos_pkey" PRIMARY KEY ("cat_id")
);

-- AddForeignKey
ALTER TABLE "cat_photos" ADD CONSTRAINT "cat_photos_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The stored photos, moved across (a photo without its type was never shown: it is left behind).
INSERT INTO "cat_photos" ("cat_id", "mimetype", "name", "bytes", "data", "stripped", "created_at")
SELECT "id", "photo_mimetype", COALESCE("photo_name", 'photo'), octet_length("photo"), "photo",
       "photo_stripped", "updated_at"
FROM "cats"
WHERE "photo" IS NOT NULL AND "photo_mimetype" IS NOT NULL;

-- AlterTable
ALTER TABLE "cats" DROP COLUMN "photo",
DROP COLUMN "photo_mimetype",
DROP COLUMN "photo_name",
DROP COLUMN "photo_stripped";
