/**
 * What the service's paths received (`GET /__sandbox/requests`): how many requests, and the most in
 * flight at once, so a benchmark or a demo can show what a client asks of the portal.
 */
export interface RequestFigures {
	/** Requests received since the last clear. */
	count: number;
	/** In flight now: received, not yet answered (or dropped). */
	inFlight: number;
	/** The most in flight at once since the last clear. */
	mostInFlight: number;
}

export class RequestCounter {
	private readonly figures: RequestFigures = { count: 0, inFlight: 0, mostInFlight: 0 };

	/** A request arrived; call the answer when it has been answered or dropped. */
	received(): () => void {
		const figures = this.figures;
		figures.count++;
		figures.inFlight++;
		figures.mostInFlight = Math.max(figures.mostInFlight, figures.inFlight);
		let done = false;
		return () => {
			if (done) return;
			done = true;
			figures.inFlight--;
		};
	}

	describe(): RequestFigures {
		return { ...this.figures };
	}

	/** Counts from zero; requests still in flight stay counted as in flight. */
	clear(): void {
		this.figures.count = 0;
		this.figures.mostInFlight = this.figures.inFlight;
	}
}
