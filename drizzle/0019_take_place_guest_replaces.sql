-- take_place (0014) also replaces a guest's own unpaid checkouts for this date: the holds named by the
-- browser's guest-checkouts cookie (app/server/booking/guest-checkouts.server.ts), so a guest who goes
-- back from the payment page and presses Book Now again holds one place, not one more each time, and
-- their last place is theirs to take again. Only holds with no account are replaced this way.
DROP FUNCTION take_place(uuid, text, integer, text, date, text, text, text, timestamptz, integer, text, text, integer, text[], timestamptz);
--> statement-breakpoint
CREATE FUNCTION take_place(
  p_course_id uuid,
  -- What the app priced the hold at: a changed price, currency or price id is no longer this sale.
  p_price_id text,
  p_price_amount integer,
  p_price_currency text,
  -- Sold only if active and starting after this date; null for the test product, sold on any date.
  p_sold_after date,
  p_user_id text,
  p_customer_email text,
  p_provider text,
  p_expires_at timestamptz,
  p_amount_discount integer,
  p_discount_kind text,
  p_client_address text,
  p_holds_per_address integer,
  p_paid_statuses text[],
  p_now timestamptz,
  -- The guest checkouts this browser started: those for this date, still unpaid, are replaced by this one.
  -- Defaulted, so an instance of the previous release calling without it still works during a rolling deploy.
  p_replaces uuid[] DEFAULT '{}'
) RETURNS TABLE (hold_id uuid, refusal text, replaced_sessions text[])
LANGUAGE plpgsql AS $$
DECLARE
  edition courses%ROWTYPE;
  replaced text[] := '{}';
  taken bigint;
  new_hold uuid;
BEGIN
  -- One checkout per address at a time: two checkouts from one address for different editions lock
  -- different rows, and each would count the other's share before it is committed. Taken before the
  -- edition's lock, so an address's queue never holds an edition's other buyers.
  PERFORM pg_advisory_xact_lock(hashtext('take_place:' || p_client_address));
  SELECT * INTO edition FROM courses WHERE courses.id = p_course_id FOR UPDATE;
  IF NOT FOUND
    OR edition.stripe_price_id IS DISTINCT FROM p_price_id
    OR edition.price_amount IS DISTINCT FROM p_price_amount
    OR edition.price_currency IS DISTINCT FROM p_price_currency
    OR (p_sold_after IS NOT NULL AND NOT (edition.is_active AND edition.start_date > p_sold_after)) THEN
    RETURN QUERY SELECT NULL::uuid, 'not-for-sale'::text, replaced;
    RETURN;
  END IF;

  -- Live holds, less the buyer's own unpaid checkouts for this date: this one replaces them (below).
  SELECT
    (SELECT count(*) FROM user_course_purchases
      WHERE user_course_purchases.course_id = p_course_id AND user_course_purchases.status = ANY (p_paid_statuses))
    + (SELECT count(*) FROM seat_holds
      WHERE seat_holds.course_id = p_course_id
        AND (seat_holds.status = 'awaiting_payment' OR (seat_holds.status IN ('opening', 'open') AND seat_holds.expires_at > p_now))
        AND (seat_holds.status IN ('opening', 'open')
          AND (seat_holds.user_id = p_user_id OR (seat_holds.user_id IS NULL AND seat_holds.id = ANY (p_replaces)))) IS NOT TRUE)
  INTO taken;
  IF taken >= edition.capacity THEN
    RETURN QUERY SELECT NULL::uuid, 'full'::text, replaced;
    RETURN;
  END IF;

  SELECT count(*) INTO taken FROM seat_holds
  WHERE seat_holds.client_address = p_client_address
    AND (seat_holds.status = 'awaiting_payment' OR (seat_holds.status IN ('opening', 'open') AND seat_holds.expires_at > p_now))
    AND (seat_holds.course_id = p_course_id AND seat_holds.status IN ('opening', 'open')
      AND (seat_holds.user_id = p_user_id OR (seat_holds.user_id IS NULL AND seat_holds.id = ANY (p_replaces)))) IS NOT TRUE;
  IF taken >= p_holds_per_address THEN
    RETURN QUERY SELECT NULL::uuid, 'address-share'::text, replaced;
    RETURN;
  END IF;

  -- The buyer's unpaid checkouts for this date (a signed-in buyer's, and the guest ones this browser started)
  -- are replaced by this one: their place (and a signed-in buyer's discount) moves here.
  WITH released AS (
    UPDATE seat_holds SET status = 'released', released_at = p_now, updated_at = p_now
    WHERE seat_holds.course_id = p_course_id AND seat_holds.status IN ('opening', 'open')
      AND (seat_holds.user_id = p_user_id OR (seat_holds.user_id IS NULL AND seat_holds.id = ANY (p_replaces)))
    RETURNING seat_holds.checkout_session_id
  )
  SELECT coalesce(array_agg(released.checkout_session_id) FILTER (WHERE released.checkout_session_id IS NOT NULL), '{}')
  INTO replaced FROM released;

  INSERT INTO seat_holds (
    course_id, user_id, customer_email, provider, expires_at,
    amount_subtotal, amount_discount, amount_total, currency, discount_kind, client_address
  ) VALUES (
    p_course_id, p_user_id, p_customer_email, p_provider, p_expires_at,
    p_price_amount, p_amount_discount, p_price_amount - p_amount_discount, p_price_currency, p_discount_kind, p_client_address
  )
  RETURNING seat_holds.id INTO new_hold;
  RETURN QUERY SELECT new_hold, NULL::text, replaced;
END
$$;
