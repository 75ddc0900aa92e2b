-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "billing_period" TEXT;
