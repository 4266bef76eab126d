// chart.js with the pieces Drivewise draws (bar charts, linear and log axes), registered once for
// every view that imports Chart from here.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LogarithmicScale,
  Title,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LogarithmicScale,
  Legend,
  Title,
  Tooltip,
);

export { Chart };
