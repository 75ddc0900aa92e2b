-- AlterTable
ALTER TABLE "checkouts" ADD COLUMN     "busy_until" TIMESTAMP(3);
