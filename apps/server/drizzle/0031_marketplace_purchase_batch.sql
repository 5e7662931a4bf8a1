-- Group commit for credit purchases (issue 15, bench marketplace): purchases by different people
-- that arrive in the same moment go to the database in one call and share one transaction, so one
-- commit (one WAL flush) and one round trip serve them all. Each purchase still runs the whole of
-- marketplace_purchase (0025), in its own sub-block: a refusal (SQLSTATE AT001) or any other error
-- rolls back that purchase alone, the wallet row it opened included, and comes back as its answer
-- ({"refused": …} or {"failed": {code, message}}) while the others commit.
-- Purchases run ordered by buyer, then in the order given: one person's purchases keep their order,
-- and every batch takes wallet locks in the same order, so two batches (from two server processes)
-- wait for each other but never deadlock. The caller keeps a batch at 64 purchases or fewer: each
-- sub-block that writes holds a subtransaction id, and PostgreSQL caches 64 per backend before
-- snapshots elsewhere get slower (PGPROC_MAX_CACHED_SUBXIDS).
-- p_calls: [{txId, walletId, userId, key, hash, lines, total, freePremade, createdAt, slotIds}, …];
-- the answer is an array in the same order.
CREATE OR REPLACE FUNCTION marketplace_purchase_batch(p_calls jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	v_call record;
	v_out jsonb[] := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(p_calls)]);
	v_answer jsonb;
BEGIN
	FOR v_call IN
		SELECT c.e, c.ord FROM jsonb_array_elements(p_calls) WITH ORDINALITY AS c(e, ord) ORDER BY c.e->>'userId', c.ord
	LOOP
		BEGIN
			v_answer := marketplace_purchase(
				(v_call.e->>'txId')::uuid, (v_call.e->>'walletId')::uuid, (v_call.e->>'userId')::uuid,
				v_call.e->>'key', v_call.e->>'hash', v_call.e->'lines', (v_call.e->>'total')::bigint,
				(v_call.e->>'freePremade')::integer, v_call.e->>'createdAt',
				ARRAY(SELECT jsonb_array_elements_text(v_call.e->'slotIds'))::uuid[]);
		EXCEPTION
			WHEN SQLSTATE 'AT001' THEN
				v_answer := jsonb_build_object('refused', SQLERRM::jsonb);
			WHEN OTHERS THEN
				v_answer := jsonb_build_object('failed', jsonb_build_object('code', SQLSTATE, 'message', SQLERRM));
		END;
		v_out[v_call.ord] := v_answer;
	END LOOP;
	RETURN to_jsonb(v_out);
END;
$$;
