-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "payment_method_id" TEXT,
ADD COLUMN     "provider_customer_id" TEXT;
