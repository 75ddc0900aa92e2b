-- AlterTable
ALTER TABLE "check_ins" ADD COLUMN     "sending_until" TIMESTAMP(3);
