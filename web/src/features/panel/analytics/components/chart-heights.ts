/** The charts' heights (px), shared by the charts and the places the page keeps for them while their code loads. */
export const VISITS_CHART_HEIGHT = 240;
export const FREQUENCY_CHART_HEIGHT = 200;
export const NPS_CHART_HEIGHT = 200;
