-- The purchase function of 0025 with less work for the common purchase (issue 15, bench marketplace:
-- in a batch of 0031 the function body is what PostgreSQL spends per purchase). Same arguments, rules,
-- refusals and answers. An existing wallet is locked with SELECT … FOR UPDATE (the upsert wrote a new
-- row version just to take the lock); the validation pass notes which items the lines name, so the
-- premium-template, free-premade and slot-grant queries run only for purchases that have such items.
CREATE OR REPLACE FUNCTION marketplace_purchase(
	p_tx_id uuid,
	p_wallet_id uuid,
	p_user uuid,
	p_key text,
	p_hash text,
	p_lines jsonb,
	p_total bigint,
	p_free_premade integer,
	p_created_at text,
	p_slot_ids uuid[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	v_wallet uuid;
	v_balance integer;
	v_prior record;
	v_line record;
	v_free integer := 0;
	v_total bigint := 0;
	v_unit integer;
	v_priced jsonb := '[]'::jsonb;
	v_result jsonb;
	v_revenue uuid;
	v_slot integer := 1;
	v_has_template boolean := false;
	v_has_premade boolean := false;
	v_has_slot boolean := false;
BEGIN
	-- Opens the wallet if needed and locks its row: two purchases by one person run one after the
	-- other, and a replay racing its original finds the committed answer below.
	-- A lock on the existing row writes no new row version; a first purchase opens the wallet.
	SELECT id, balance INTO v_wallet, v_balance FROM ledger_accounts WHERE user_id = p_user FOR UPDATE;
	IF NOT FOUND THEN
		INSERT INTO ledger_accounts (id, kind, user_id) VALUES (p_wallet_id, 'wallet', p_user)
			ON CONFLICT (user_id) DO UPDATE SET balance = ledger_accounts.balance
			RETURNING id, balance INTO v_wallet, v_balance;
	END IF;

	SELECT request_hash, result INTO v_prior FROM ledger_transactions WHERE idempotency_key = p_key;
	IF FOUND THEN
		IF v_prior.request_hash <> p_hash THEN
			RAISE EXCEPTION USING ERRCODE = 'AT001', MESSAGE = jsonb_build_object('error', 'keyReused')::text;
		END IF;
		RETURN jsonb_build_object('result', v_prior.result);
	END IF;

	-- Every line names an item for sale, within its limit (the first bad line in request order is named).
	FOR v_line IN
		SELECT l.e->>'itemId' AS item_id, (l.e->>'quantity')::integer AS quantity, i.id, i.for_sale, i.max_quantity, i."grant"
		FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS l(e, ord)
		LEFT JOIN marketplace_items i ON i.id = l.e->>'itemId'
		ORDER BY l.ord
	LOOP
		IF v_line.id IS NULL OR NOT v_line.for_sale THEN
			RAISE EXCEPTION USING ERRCODE = 'AT001', MESSAGE = jsonb_build_object('error', 'unknownItem', 'itemId', v_line.item_id)::text;
		END IF;
		IF v_line.quantity > v_line.max_quantity THEN
			RAISE EXCEPTION USING ERRCODE = 'AT001',
				MESSAGE = jsonb_build_object('error', 'tooMany', 'itemId', v_line.item_id, 'max', v_line.max_quantity)::text;
		END IF;
		-- Which of the checks and grants below this purchase needs at all (most need none).
		v_has_template := v_has_template OR v_line."grant" = 'premadeTemplate';
		v_has_premade := v_has_premade OR v_line."grant" = 'premadeSpace';
		v_has_slot := v_has_slot OR v_line."grant" IN ('keepTrialSlot', 'extraSlot');
	END LOOP;

	-- A premium template is owned once (checked under the wallet lock, so two tabs cannot both buy it).
	IF v_has_template THEN
	SELECT l.e->>'itemId' AS item_id INTO v_line
	FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS l(e, ord)
	JOIN marketplace_items i ON i.id = l.e->>'itemId'
	WHERE i."grant" = 'premadeTemplate'
		AND EXISTS (SELECT 1 FROM purchase_items p WHERE p.user_id = p_user AND p.item_id = i.id)
	ORDER BY l.ord LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION USING ERRCODE = 'AT001', MESSAGE = jsonb_build_object('error', 'alreadyOwned', 'itemId', v_line.item_id)::text;
	END IF;
	END IF;

	-- The plan's free premade spaces go first, one line at a time, priced 0.
	IF v_has_premade THEN
		SELECT greatest(0, p_free_premade - coalesce(sum(CASE WHEN p.price_coin = 0 THEN p.quantity ELSE 0 END), 0))::integer INTO v_free
		FROM purchase_items p JOIN marketplace_items i ON i.id = p.item_id
		WHERE p.user_id = p_user AND i.type = 'premadeSpace';
	END IF;
	FOR v_line IN
		SELECT i.id, (l.e->>'quantity')::integer AS quantity, i."grant", i.price_coin
		FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS l(e, ord)
		JOIN marketplace_items i ON i.id = l.e->>'itemId'
		ORDER BY l.ord
	LOOP
		IF v_line."grant" = 'premadeSpace' AND v_free >= v_line.quantity THEN
			v_unit := 0;
			v_free := v_free - v_line.quantity;
		ELSE
			v_unit := v_line.price_coin;
		END IF;
		v_total := v_total + v_unit::bigint * v_line.quantity;
		v_priced := v_priced || jsonb_build_array(jsonb_build_object('itemId', v_line.id, 'quantity', v_line.quantity, 'priceCoin', v_unit));
	END LOOP;
	IF v_total <> p_total THEN
		RAISE EXCEPTION USING ERRCODE = 'AT001', MESSAGE = jsonb_build_object('error', 'totalMismatch', 'totalCoin', v_total)::text;
	END IF;
	IF v_balance < v_total THEN
		RAISE EXCEPTION USING ERRCODE = 'AT001', MESSAGE = jsonb_build_object('error', 'insufficientCredits')::text;
	END IF;

	-- Grants: keep the trial slot (a new trial slot, or the unkept one), bought slots (never expire).
	IF v_has_slot THEN
	FOR v_line IN
		SELECT i.id, (l.e->>'quantity')::integer AS quantity, i."grant", i.price_coin
		FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS l(e, ord)
		JOIN marketplace_items i ON i.id = l.e->>'itemId'
		WHERE i."grant" IN ('keepTrialSlot', 'extraSlot')
		ORDER BY l.ord
	LOOP
		IF v_line."grant" = 'keepTrialSlot' THEN
			INSERT INTO slots (id, owner_id, kind, expires_at, product_id, price_coin)
				VALUES (p_slot_ids[v_slot], p_user, 'trial', NULL, v_line.id, v_line.price_coin)
				ON CONFLICT DO NOTHING;
			IF NOT FOUND THEN
				UPDATE slots SET expires_at = NULL, product_id = v_line.id, price_coin = v_line.price_coin
					WHERE owner_id = p_user AND kind = 'trial' AND product_id IS NULL;
				IF NOT FOUND THEN
					RAISE EXCEPTION USING ERRCODE = 'AT001', MESSAGE = jsonb_build_object('error', 'trialSlotKept')::text;
				END IF;
			END IF;
			v_slot := v_slot + 1;
		ELSE
			INSERT INTO slots (id, owner_id, kind, product_id, price_coin)
				SELECT p_slot_ids[g], p_user, 'purchased', v_line.id, v_line.price_coin
				FROM generate_series(v_slot, v_slot + v_line.quantity - 1) g;
			v_slot := v_slot + v_line.quantity;
		END IF;
	END LOOP;
	END IF;

	-- The balanced movement: wallet → revenue. Revenue is summed from its entries, never updated, so
	-- purchases by different people never queue on one row. Free items only move no credits.
	v_result := jsonb_build_object(
		'transactionId', p_tx_id, 'totalCoin', v_total, 'transactionItems', v_priced,
		'availableBalance', v_balance - v_total, 'createdAt', p_created_at);
	INSERT INTO ledger_transactions (id, idempotency_key, kind, user_id, reason, request_hash, result)
		VALUES (p_tx_id, p_key, 'purchase', p_user, 'purchase', p_hash, v_result);
	IF v_total > 0 THEN
		SELECT id INTO v_revenue FROM ledger_accounts WHERE kind = 'revenue';
		IF v_revenue IS NULL THEN
			RAISE EXCEPTION 'ledger account revenue is missing (migration 0013 seeds it)';
		END IF;
		INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (p_tx_id, v_wallet, -v_total), (p_tx_id, v_revenue, v_total);
		UPDATE ledger_accounts SET balance = balance - v_total WHERE id = v_wallet AND kind = 'wallet';
	END IF;
	INSERT INTO purchase_items (transaction_id, item_id, user_id, quantity, price_coin)
		SELECT p_tx_id, e->>'itemId', p_user, (e->>'quantity')::integer, (e->>'priceCoin')::integer FROM jsonb_array_elements(v_priced) e;
	RETURN jsonb_build_object('result', v_result);
END;
$$;
