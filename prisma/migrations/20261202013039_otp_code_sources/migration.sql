-- AlterTable
ALTER TABLE "otp_codes" ADD COLUMN     "foreign_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "requested_from" TEXT;
