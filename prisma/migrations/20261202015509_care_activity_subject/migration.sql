-- AlterTable
ALTER TABLE "care_activity" ADD COLUMN     "subject" TEXT;
