-- Orders found by the customer's phone number as people type it (digits anywhere in the number), for the
-- vendor's and the admin's order search: a trigram index, as the name, e-mail and product have.
CREATE INDEX "orders_customer_phone_trgm_idx" ON "orders" USING gin ("customer_phone" gin_trgm_ops);