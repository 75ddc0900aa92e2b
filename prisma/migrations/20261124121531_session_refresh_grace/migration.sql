-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "generation" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "previous_token_hash" TEXT;
